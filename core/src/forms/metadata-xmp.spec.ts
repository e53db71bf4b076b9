import { metadataToXmp, XMP_NAMESPACE, XmpSyntaxError, xmpToMetadata } from './metadata-xmp';

const fields = [
  { fieldId: 'title', type: 'Text' as const },
  { fieldId: 'description', type: 'Text' as const },
  { fieldId: 'keywords', type: 'MultipleChoice' as const },
  { fieldId: 'genre', type: 'Choice' as const },
  { fieldId: 'approved', type: 'Checkbox' as const },
  { fieldId: 'payload', type: 'JSON' as const },
];

describe('XMP sidecars', () => {
  it('round-trips title, description, keywords and form fields', () => {
    const values = {
      title: 'Cup final <live> & more',
      description: 'Late winner',
      keywords: ['derby', 'Bergen'],
      genre: 'football',
      approved: false,
      payload: { camera: 'A' },
    };
    const xmp = metadataToXmp(fields, values);
    expect(xmp).toContain('<dc:title>');
    expect(xmp).toContain(XMP_NAMESPACE);
    expect(xmp).toContain('&lt;live&gt; &amp; more');
    expect(xmpToMetadata(xmp, fields)).toEqual(values);
  });

  it('reads properties written as attributes, as other XMP tools do', () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about="" xmlns:mam="${XMP_NAMESPACE}" mam:genre="handball" mam:approved="true"/>
    </rdf:RDF></x:xmpmeta>`;
    expect(xmpToMetadata(xmp, fields)).toEqual({ genre: 'handball', approved: true });
  });

  it('refuses what is not XMP and does not expand entities', () => {
    expect(() => xmpToMetadata('<x:xmpmeta><oops></x:xmpmeta>', fields)).toThrow(XmpSyntaxError);
    expect(() => xmpToMetadata('<root/>', fields)).toThrow('The XMP has no rdf:RDF element');
    const bomb = `<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description xmlns:mam="${XMP_NAMESPACE}"><mam:genre>&b;</mam:genre></rdf:Description></rdf:RDF></x:xmpmeta>`;
    expect(xmpToMetadata(bomb, fields)).toEqual({ genre: '&b;' });
  });
});
