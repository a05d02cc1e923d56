/** Family-owned rows have UUID ids (decision 003). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a syntactically valid UUID. Callers treat anything else as an unknown id (404 or 401), so a
 * hostile id never reaches PostgreSQL's uuid cast and never becomes a 500.
 */
export const isUuid = (id: string): boolean => UUID.test(id);
