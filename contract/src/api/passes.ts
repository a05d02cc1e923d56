/**
 * The passes endpoints of the API table (contract/src/endpoint.ts; docs/architecture.md, "API conventions").
 */
export const passesApi = {} as const;
