// @vitest-environment jsdom
import type { DashboardCard } from '@bo/contract/dashboards';
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_SETTINGS } from '../../components/settings/settings-storage';
import { ensureSection, initI18n } from '../../locales/i18n';
import { createAppTheme } from '../../theme/create-theme';
import { StatCard } from './dashboard-widgets';

const card = (over: Partial<DashboardCard>): DashboardCard => ({
  id: 'cancelled',
  label: 'Cancelled',
  unit: 'count',
  goodWhen: 'down',
  value: 25,
  previous: 12,
  change: 108.3,
  spark: [],
  link: null,
  ...over,
});

const draw = (c: DashboardCard) =>
  render(
    <ThemeProvider theme={createAppTheme(DEFAULT_SETTINGS)}>
      <MemoryRouter>
        <StatCard card={c} label={c.label} />
      </MemoryRouter>
    </ThemeProvider>,
  );

/** The change line: its colour (`data-tone`) and, for a screen reader, the icon's title. */
const tone = () => screen.getByTestId(/^change-/).getAttribute('data-tone');
const text = () => screen.getByTestId(/^change-/).textContent;

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
  await ensureSection('dashboards');
});
afterEach(cleanup);

describe('StatCard', () => {
  it('reads a rise of what should fall as worse, in red, with an up arrow and a plus sign', () => {
    draw(card({}));
    expect(screen.getByTitle('Worse than the period before')).toBeTruthy();
    expect(text()).toContain('+');
    expect(screen.getByTestId('TrendingUpRoundedIcon')).toBeTruthy();
    expect(tone()).toBe('error');
  });

  it('reads a fall of expenses as better, in green', () => {
    draw(card({ id: 'expenses', label: 'Expenses', change: -13.9, value: 86, previous: 100 }));
    expect(screen.getByTitle('Better than the period before')).toBeTruthy();
    expect(tone()).toBe('success');
  });

  it('reads a rise of sales as better, and a figure with no good direction as changed', () => {
    draw(card({ id: 'orders', goodWhen: 'up', change: 12 }));
    expect(screen.getByTitle('Better than the period before')).toBeTruthy();
    cleanup();
    draw(card({ id: 'uploads', goodWhen: 'neither', change: 12 }));
    expect(screen.getByTitle('Changed from the period before')).toBeTruthy();
    expect(tone()).toBe('default');
  });
});
