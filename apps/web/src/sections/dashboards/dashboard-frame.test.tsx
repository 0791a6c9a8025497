// @vitest-environment jsdom
import type { Dashboard } from '@bo/contract/dashboards';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { ensureSection, initI18n } from '../../locales/i18n';
import { DashboardFrame, type DashboardPage } from './dashboard-frame';

const answer = (value: number): Dashboard => ({
  name: 'ecommerce',
  period: {
    from: '2026-03-01',
    to: '2026-03-30',
    previousFrom: '2026-01-30',
    previousTo: '2026-02-28',
    bucket: 'day',
  },
  cards: [
    {
      id: 'orders',
      label: 'Orders',
      unit: 'count',
      goodWhen: 'up',
      value,
      previous: null,
      change: null,
      spark: [],
      link: null,
    },
  ],
  series: [],
  tables: [],
});

const page = (over: Partial<DashboardPage>): DashboardPage => ({
  period: '30d',
  from: '2026-03-01',
  to: '2026-03-30',
  choose: vi.fn(),
  setRange: vi.fn(),
  data: undefined,
  isError: false,
  refetch: vi.fn() as unknown as DashboardPage['refetch'],
  ...over,
});

const frame = (p: DashboardPage, extra: Partial<Parameters<typeof DashboardFrame>[0]> = {}) =>
  render(
    <MemoryRouter>
      <DashboardFrame name="booking" page={p} {...extra}>
        {(data) => <div data-testid="figures">{data.cards.length}</div>}
      </DashboardFrame>
    </MemoryRouter>,
  );

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
  await ensureSection('dashboards');
});
afterEach(cleanup);

describe('DashboardFrame', () => {
  it('names the dashboard, offers the periods, and stands in skeletons until the answer', () => {
    const { container } = frame(page({}));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Booking');
    expect(screen.getByRole('group', { name: 'Period' })).toBeTruthy();
    expect(screen.queryByTestId('figures')).toBeNull();
    expect(container.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0);
  });

  it('says when the call failed and asks again on Retry', () => {
    const refetch = vi.fn() as unknown as DashboardPage['refetch'];
    frame(page({ isError: true, refetch }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('lays out the answer, says when it is empty, and notes the period', () => {
    frame(page({ data: answer(0) }));
    expect(screen.getByTestId('figures').textContent).toBe('1');
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(document.body.textContent).toMatch(/from .*2026.* to .*2026/i);
  });

  it('takes its own test of emptiness and its own note', () => {
    frame(page({ data: answer(0) }), {
      isEmpty: () => false,
      note: { key: 'dashboards.periodNote', values: () => ({ cancelled: '7' }) },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).toContain('(7 in this period)');
  });
});
