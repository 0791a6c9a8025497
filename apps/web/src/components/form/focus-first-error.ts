/**
 * After a refused submit, brings the first field in error into view and puts the focus in it, so
 * a person (and a screen reader) lands on what to fix instead of errors below the fold. Pass it as
 * `handleSubmit`'s second argument; it waits a frame for the error texts to render.
 */
export function focusFirstError(form?: HTMLElement | null) {
  requestAnimationFrame(() => {
    const root: ParentNode = form ?? document;
    const field = root.querySelector<HTMLElement>(
      'input[aria-invalid="true"], textarea[aria-invalid="true"], [role="combobox"][aria-invalid="true"], .Mui-error input, .Mui-error textarea',
    );
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.focus({ preventScroll: true });
  });
}
