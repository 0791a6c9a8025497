// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

describe('a picture put in the text', () => {
  it('asks what it shows and goes in with that description, not its file name', async () => {
    const written: string[] = [];
    const onChange = (html: string) => written.push(html);
    const uploadImage = async () => ({ url: '/files/inline.png' });
    // Inside a page's form, as in the blog editor: the dialog's submit must not reach it.
    let pageSubmitted = false;
    const { container } = render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          pageSubmitted = true;
        }}
      >
        <RichTextEditor
          value=""
          onChange={onChange}
          label="Content"
          textsPrefix="blog.editor"
          uploadImage={uploadImage}
        />
      </form>,
    );
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'IMG_2041.png', { type: 'image/png' })] },
    });
    // The dialog's code loads when a picture is chosen: give the import the time a busy machine
    // takes, not the default second.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Describe the image' },
      { timeout: 15_000 },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    expect(within(dialog).getByText('Describe the image to insert it')).toBeTruthy();
    expect(written).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Image description/ }), {
      target: { value: 'The loading bay at dawn' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const html = written.at(-1)!;
    expect(html).toContain('alt="The loading bay at dawn"');
    expect(html).not.toContain('IMG_2041');
    expect(pageSubmitted).toBe(false);
  });
});
