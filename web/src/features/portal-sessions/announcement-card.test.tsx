import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../testing/render-page.tsx';
import { AnnouncementCard, AnnouncementSummary } from './announcement-card.tsx';
import { announcement } from './test-fixtures.ts';

const RICH = '<p>Bring a <strong>blanket</strong>.</p><ul><li>Cocoa at 11</li></ul>';

describe('announcement web messages (issue 10: rich text from the staff editor)', () => {
  it('shows a rich-text message (sanitised by the server) with its formatting', () => {
    renderPage(
      <ul>
        <AnnouncementCard announcement={announcement({ webMessage: RICH })} />
      </ul>,
      { path: '/' },
    );
    expect(screen.getByText('blanket').tagName).toBe('STRONG');
    expect(screen.getByText('Cocoa at 11').tagName).toBe('LI');
  });

  it('keeps a plain-text message as text: tags in it are shown, never run', () => {
    const { container } = renderPage(
      <ul>
        <AnnouncementCard announcement={announcement({ webMessage: 'Line one\nLine <b>two</b>' })} />
      </ul>,
      { path: '/' },
    );
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(/Line <b>two<\/b>/)).toBeInTheDocument();
  });

  it('summarises a rich-text message as its words', () => {
    const { container } = renderPage(
      <ul>
        <AnnouncementSummary announcement={announcement({ webMessage: RICH })} />
      </ul>,
      { path: '/' },
    );
    expect(container.querySelector('strong')).toBeNull();
    expect(screen.getByText('Bring a blanket. Cocoa at 11')).toBeInTheDocument();
  });
});
