import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import type { FieldType, TJsonValue } from './metadata-form.schema';

/** The namespace of the product's own fields in XMP sidecars: one element per fieldId. */
export const XMP_NAMESPACE = 'https://github.com/mam-project/mam/ns/metadata/1.0/';
const PREFIX = 'mam';

export interface TXmpField {
  fieldId: string;
  type: FieldType;
}

const isXmlName = (name: string) => /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name);

function list(items: readonly TJsonValue[]) {
  return { 'rdf:Bag': { 'rdf:li': items.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))) } };
}

/**
 * An XMP sidecar: title and description as Dublin Core (dc:title, dc:description as language alternatives), keywords
 * as dc:subject, and every other field as mam:<fieldId>, multiple values as an rdf:Bag. Readers that do not know the
 * mam namespace still see title, description and keywords.
 */
export function metadataToXmp(fields: readonly TXmpField[], values: Readonly<Record<string, TJsonValue>>): string {
  const description: Record<string, unknown> = {
    '@_rdf:about': '',
    '@_xmlns:dc': 'http://purl.org/dc/elements/1.1/',
    [`@_xmlns:${PREFIX}`]: XMP_NAMESPACE,
  };
  const alt = (text: string) => ({ 'rdf:Alt': { 'rdf:li': { '@_xml:lang': 'x-default', '#text': text } } });
  if (typeof values.title === 'string') description['dc:title'] = alt(values.title);
  if (typeof values.description === 'string' && values.description)
    description['dc:description'] = alt(values.description);
  if (Array.isArray(values.keywords) && values.keywords.length > 0) description['dc:subject'] = list(values.keywords);
  for (const { fieldId, type } of fields) {
    if (['title', 'description', 'keywords'].includes(fieldId) || !isXmlName(fieldId)) continue;
    const value = values[fieldId];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) description[`${PREFIX}:${fieldId}`] = list(value);
    else if (type === 'JSON' || typeof value === 'object') description[`${PREFIX}:${fieldId}`] = JSON.stringify(value);
    else description[`${PREFIX}:${fieldId}`] = String(value);
  }
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, indentBy: ' ', suppressEmptyNode: true });
  const body = builder.build({
    'x:xmpmeta': {
      '@_xmlns:x': 'adobe:ns:meta/',
      'rdf:RDF': {
        '@_xmlns:rdf': 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
        'rdf:Description': description,
      },
    },
  }) as string;
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n${body}<?xpacket end="w"?>\n`;
}

export class XmpSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmpSyntaxError';
  }
}

type XmlNode = Record<string, unknown>;
const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const predefined: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML's five predefined entities and character references; anything a DOCTYPE declares stays as written. */
function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/gi, (whole, name: string) => {
    if (name[0] !== '#') return predefined[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function textOf(node: unknown): string | null {
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') return decodeXml(String(node));
  if (node && typeof node === 'object' && '#text' in node) return decodeXml(String((node as XmlNode)['#text']));
  return null;
}

/** rdf:Alt (first, preferably x-default), rdf:Bag / rdf:Seq (all), or plain text. */
function valuesOf(node: unknown): { single: string | null; many: string[] | null } {
  if (node && typeof node === 'object') {
    const container = node as XmlNode;
    const alt = container['rdf:Alt'] as XmlNode | undefined;
    if (alt) {
      const items = asArray(alt['rdf:li']);
      const preferred = items.find((li) => (li as XmlNode)?.['@_xml:lang'] === 'x-default') ?? items[0];
      return { single: textOf(preferred), many: null };
    }
    const bag = (container['rdf:Bag'] ?? container['rdf:Seq']) as XmlNode | undefined;
    if (bag)
      return {
        single: null,
        many: asArray(bag['rdf:li'])
          .map(textOf)
          .filter((v): v is string => v !== null),
      };
  }
  return { single: textOf(node), many: null };
}

/**
 * The values an XMP sidecar carries for the given fields: dc:title, dc:description, dc:subject (keywords) and
 * mam:<fieldId>, as elements or as attributes of rdf:Description (both forms are XMP). Unknown properties are
 * ignored. Entities are not expanded, so a hostile sidecar cannot grow in memory (no "billion laughs").
 */
export function xmpToMetadata(xml: string, fields: readonly TXmpField[]): Record<string, TJsonValue> {
  const parser = new XMLParser({
    ignoreAttributes: false,
    processEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
  });
  let document: XmlNode;
  try {
    document = parser.parse(xml, true) as XmlNode;
  } catch (error) {
    throw new XmpSyntaxError(`The XMP is not well-formed XML: ${(error as Error).message}`);
  }
  const meta = (document['x:xmpmeta'] ?? document) as XmlNode;
  const rdf = meta['rdf:RDF'] as XmlNode | undefined;
  if (!rdf) throw new XmpSyntaxError('The XMP has no rdf:RDF element');
  const descriptions = asArray(rdf['rdf:Description'] as XmlNode | XmlNode[] | undefined);
  const property = (name: string): unknown => {
    for (const description of descriptions) {
      if (name in description) return description[name];
      if (`@_${name}` in description) return description[`@_${name}`];
    }
    return undefined;
  };
  const result: Record<string, TJsonValue> = {};
  const title = property('dc:title');
  if (title !== undefined) result.title = valuesOf(title).single ?? '';
  const description = property('dc:description');
  if (description !== undefined) result.description = valuesOf(description).single ?? '';
  const subject = property('dc:subject');
  if (subject !== undefined) result.keywords = valuesOf(subject).many ?? [];
  for (const { fieldId, type } of fields) {
    if (['title', 'description', 'keywords'].includes(fieldId) || !isXmlName(fieldId)) continue;
    const node = property(`${PREFIX}:${fieldId}`);
    if (node === undefined) continue;
    const { single, many } = valuesOf(node);
    if (many) result[fieldId] = many;
    else if (single === null) continue;
    else if (type === 'Checkbox') result[fieldId] = single === 'true' ? true : single === 'false' ? false : single;
    else if (type === 'JSON') {
      try {
        result[fieldId] = JSON.parse(single) as TJsonValue;
      } catch {
        result[fieldId] = single;
      }
    } else result[fieldId] = type === 'MultipleChoice' ? [single] : single;
  }
  return result;
}
