import { fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import { TestRouter } from '../testing/test-router';
import { TabBar } from './tab-bar';

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function ButtonTabs() {
  const [tab, setTab] = useState<'brands' | 'media'>('brands');
  return (
    <>
      <TabBar
        label="Account type"
        selected={tab}
        onSelect={setTab}
        items={[
          { key: 'brands', label: 'For Brands', controls: 'panel' },
          { key: 'media', label: 'For Media', controls: 'panel' },
        ]}
      />
      <p id="panel">{tab} form</p>
    </>
  );
}

describe('TabBar', () => {
  it('marks the selected tab and lets only it be reached by Tab', () => {
    render(<ButtonTabs />);
    expect(screen.getByRole('tablist', { name: 'Account type' })).toBeInTheDocument();
    const brands = screen.getByRole('tab', { name: 'For Brands' });
    const media = screen.getByRole('tab', { name: 'For Media' });
    expect(brands).toHaveAttribute('aria-selected', 'true');
    expect(media).toHaveAttribute('aria-selected', 'false');
    expect(brands).toHaveAttribute('tabindex', '0');
    expect(media).toHaveAttribute('tabindex', '-1');
    expect(media).toHaveAttribute('aria-controls', 'panel');
  });

  it('moves the focus with the arrows, Home and End, around the ends, and opens a tab by click', () => {
    render(<ButtonTabs />);
    const brands = screen.getByRole('tab', { name: 'For Brands' });
    const media = screen.getByRole('tab', { name: 'For Media' });
    brands.focus();
    fireEvent.keyDown(brands, { key: 'ArrowRight' });
    expect(media).toHaveFocus();
    // The focus moves; the selection stays until the tab is opened.
    expect(brands).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(media, { key: 'ArrowRight' });
    expect(brands).toHaveFocus();
    fireEvent.keyDown(brands, { key: 'ArrowLeft' });
    expect(media).toHaveFocus();
    fireEvent.keyDown(media, { key: 'Home' });
    expect(brands).toHaveFocus();
    fireEvent.keyDown(brands, { key: 'End' });
    expect(media).toHaveFocus();
    fireEvent.click(media);
    expect(media).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('media form')).toBeInTheDocument();
  });

  it('makes link tabs that open their page', () => {
    render(
      <TestRouter initialEntries={['/bookings']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <TabBar
                  label="Booking lists"
                  selected="pending"
                  items={[
                    { key: 'pending', label: 'Pending', to: '/bookings' },
                    { key: 'past', label: 'Past', to: '/bookings/past' },
                  ]}
                />
                <Where />
              </>
            }
          />
        </Routes>
      </TestRouter>,
    );
    const past = screen.getByRole('tab', { name: 'Past' });
    expect(past.tagName).toBe('A');
    expect(past).toHaveAttribute('href', '/bookings/past');
    fireEvent.click(past);
    expect(screen.getByTestId('location')).toHaveTextContent('/bookings/past');
  });
});
