const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id a client sends is looked up only when it is a UUID: anything else cannot name a row (and would fail in SQL). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
