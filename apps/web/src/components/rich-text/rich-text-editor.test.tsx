// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { initI18n } from '../../locales/i18n';
import { RichTextEditor } from './rich-text-editor';

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(cleanup);

describe('RichTextEditor', () => {
  it('shows only the tools asked for, named, and no picture input without an upload', () => {
    const { container } = render(
      <RichTextEditor
        value="<p>Soft cotton</p>"
        onChange={vi.fn()}
        label="Description"
        textsPrefix="ecommerce.editor"
        tools={['bold', 'italic', 'undo']}
        dense
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Description' }).textContent).toBe('Soft cotton');
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Bold', 'Italic', 'Undo']);
    expect(container.querySelector('input[type="file"]')).toBeNull();
  });
});
