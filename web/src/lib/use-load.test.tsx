import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PageDataProvider, readPageData, serializePageData } from './page-data.ts';
import { useLoad } from './use-load.ts';

function Show({ load, id = 'k' }: { load: () => Promise<string>; id?: string }) {
  const state = useLoad(id, load);
  return <p>{state.status === 'success' ? state.data : state.status}</p>;
}

describe('useLoad with server page data', () => {
  it('starts from the data the server rendered with and does not fetch it again', async () => {
    const load = vi.fn(async () => 'fresh');
    const pageData = new Map<string, unknown>([['k', 'from the server']]);
    render(
      <PageDataProvider value={pageData}>
        <Show load={load} />
      </PageDataProvider>,
    );
    expect(screen.getByText('from the server')).toBeInTheDocument();
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    // Used once: the next visit to the page loads afresh.
    expect(pageData.has('k')).toBe(false);
  });

  it('loads as before when the server sent nothing for the key', async () => {
    const load = vi.fn(async () => 'fresh');
    render(
      <PageDataProvider value={new Map([['other', 1]])}>
        <Show load={load} />
      </PageDataProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('fresh')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a server null (an unknown session) as data, not as loading', () => {
    function ShowNull() {
      const state = useLoad<string | null>('s', async () => 'fresh');
      return <p>{state.status === 'success' ? String(state.data) : state.status}</p>;
    }
    render(
      <PageDataProvider value={new Map([['s', null]])}>
        <ShowNull />
      </PageDataProvider>,
    );
    expect(screen.getByText('null')).toBeInTheDocument();
  });
});

describe('page data in the document', () => {
  it('round-trips through the JSON element, and no text can close the element', () => {
    const data = new Map<string, unknown>([
      ['sessions:active', [{ name: '</script><script>alert(1)</script> & co' }]],
    ]);
    const json = serializePageData(data);
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    document.body.innerHTML = `<script type="application/json" id="lc-page-data">${json}</script>`;
    expect(readPageData(document).get('sessions:active')).toEqual([
      { name: '</script><script>alert(1)</script> & co' },
    ]);
  });

  it('reads an empty map when the page has no data or it is unreadable', () => {
    document.body.innerHTML = '';
    expect(readPageData(document).size).toBe(0);
    document.body.innerHTML = '<script type="application/json" id="lc-page-data">{not json</script>';
    expect(readPageData(document).size).toBe(0);
  });
});
