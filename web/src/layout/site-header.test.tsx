import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

function renderHeader() {
  const router = createMemoryRouter([{ path: '/', element: <SiteHeader /> }]);
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return screen.getByRole('banner');
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  Object.defineProperty(window, 'pageYOffset', { value: y, configurable: true });
  act(() => {
    fireEvent.scroll(window);
  });
}

describe('SiteHeader', () => {
  it('is transparent at the top and turns solid only past 38 px of scroll (spec §9)', () => {
    scrollTo(0);
    const header = renderHeader();
    expect(header).toHaveAttribute('data-scrolled', 'false');
    scrollTo(38);
    expect(header).toHaveAttribute('data-scrolled', 'false');
    scrollTo(39);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    scrollTo(0);
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  it('has a named theme toggle that flips between light and dark', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Switch to dark theme' });
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });
});
