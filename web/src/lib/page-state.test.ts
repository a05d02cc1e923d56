import { describe, expect, it } from 'vitest';
import { readPageState, serializePageState } from './page-state.ts';

const query = (data: unknown) => ({
  queryKey: ['class-sessions', 'active'],
  queryHash: '["class-sessions","active"]',
  dehydratedAt: 0,
  state: {
    data,
    dataUpdateCount: 1,
    dataUpdatedAt: 0,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: 'success' as const,
    fetchStatus: 'idle' as const,
  },
});

describe('page state in the document', () => {
  it('round-trips through the JSON element, and no text can close the element', () => {
    const data = [{ name: '</script><script>alert(1)</script> & co' }];
    const json = serializePageState({
      queries: { queries: [query(data)], mutations: [] },
      formats: { k: '<b>' },
    });
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    document.body.innerHTML = `<script type="application/json" id="lc-page-data">${json}</script>`;
    const page = readPageState(document);
    expect(page?.queries.queries[0]?.state.data).toEqual(data);
    expect(page?.formats).toEqual({ k: '<b>' });
  });

  it('reads nothing when the page has no state, or it is unreadable', () => {
    document.body.innerHTML = '';
    expect(readPageState(document)).toBeNull();
    document.body.innerHTML = '<script type="application/json" id="lc-page-data">{not json</script>';
    expect(readPageState(document)).toBeNull();
    document.body.innerHTML =
      '<script type="application/json" id="lc-page-data">{"sessions:active":[]}</script>';
    expect(readPageState(document)).toBeNull();
  });
});
