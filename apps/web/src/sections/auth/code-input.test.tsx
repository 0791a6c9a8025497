// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { initI18n } from '../../locales/i18n';
import { CodeInput } from './code-input';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <CodeInput label="Code" value={value} onChange={setValue} onComplete={onComplete} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (n: number) => screen.getByTestId(`code-box-${n}`) as HTMLInputElement;

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(cleanup);

describe('CodeInput', () => {
  it('takes one digit per box, moves on, and reports the complete code once', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    '123456'.split('').forEach((digit, i) => {
      fireEvent.change(box(i + 1), { target: { value: digit } });
    });
    expect(screen.getByTestId('value').textContent).toBe('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('ignores letters and fills every box from a pasted code, wherever it is pasted', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: 'a' } });
    expect(box(1).value).toBe('');
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 65-43 21 ' } });
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('')).toBe('654321');
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('moves with the arrow keys and clears backwards with Backspace', () => {
    render(<Harness onComplete={() => {}} />);
    fireEvent.change(box(1), { target: { value: '7' } });
    fireEvent.change(box(2), { target: { value: '8' } });
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(box(2).value).toBe('');
    expect(document.activeElement).toBe(box(2));
    fireEvent.keyDown(box(2), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(box(1));
    fireEvent.keyDown(box(1), { key: 'End' });
    expect(document.activeElement).toBe(box(6));
    expect(screen.getByTestId('value').textContent).toBe('7');
  });

  it('labels the group and every box for screen readers', () => {
    render(<Harness onComplete={() => {}} />);
    expect(screen.getByRole('group', { name: 'Code' })).toBeTruthy();
    expect(box(1).getAttribute('aria-label')).toBe('Digit 1 of 6');
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
  });
});
