import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { serverFieldErrors } from '../../locales/translate-error';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A form's check: a message per field in the language on screen, and when there is none the
 * values as the schema gives them back (trimmed names, the address as the server reads it).
 */
export type Validate<V, F extends string, O> = (
  values: V,
  t: TFunction,
) => Promise<{ errors: FieldErrors<F>; data?: O }>;

/**
 * A small form state for the pages whose weight is budgeted to the kilobyte (the account pages,
 * the public forms), in place of react-hook-form (~14 KiB gzip of their first load): values, a message per field, the check on submit and, once submitted, again as
 * the person types; the first field in error (in `fields` order, the screen's) takes the focus,
 * for the check's messages and the server's alike.
 */
export function useLightForm<V extends Record<string, unknown>, F extends keyof V & string, O>({
  initial,
  fields,
  validate,
  focus,
  prefetch,
}: {
  initial: V;
  /** The fields in the screen's order: the first in error takes the focus. */
  fields: readonly F[];
  validate: Validate<V, F, O>;
  /** How to focus a field that is not a plain named input (the code's six boxes). */
  focus?: Partial<Record<F, () => void>>;
  /** Starts loading what `validate` needs (the schemas) once the form is on screen. */
  prefetch?: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [submitted, setSubmitted] = useState(false);
  // The person's edits since the first submit: they, not a value the screen resets, re-check.
  const [edits, setEdits] = useState(0);
  const [isSubmitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const busy = useRef(false);
  const latest = useRef(values);
  latest.current = values;

  useEffect(() => prefetch?.(), [prefetch]);

  // After a first submit, the messages follow the typing (and the language on screen).
  useEffect(() => {
    if (!submitted) return;
    let current = true;
    void validate(latest.current, t).then((found) => current && setErrors(found.errors));
    return () => {
      current = false;
    };
  }, [submitted, edits, t, validate]);

  const focusField = useCallback(
    (name: F) => {
      const own = focus?.[name];
      if (own) own();
      else formRef.current?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus();
    },
    [focus],
  );

  const focusFirst = useCallback(
    (found: FieldErrors<F>) => {
      const first = fields.find((f) => found[f]);
      if (first) focusField(first);
      return first !== undefined;
    },
    [fields, focusField],
  );

  /** The person changed a field. */
  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
    setEdits((n) => n + 1);
  }, []);
  /** The screen resets a field (a refused code emptied): no new check, the refusal stays. */
  const reset = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
  }, []);

  /** A text input's props: its name, value and what typing does. */
  const bind = (name: F & { [K in keyof V]: V[K] extends string ? K : never }[keyof V]) => ({
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value as V[F]),
  });

  /** Checks only `names` now (a resend needs a good address, not the rest of the form). */
  const check = useCallback(
    async (names: readonly F[]) => {
      const { errors: found } = await validate(latest.current, t);
      const relevant = Object.fromEntries(
        names.filter((n) => found[n]).map((n) => [n, found[n]]),
      ) as FieldErrors<F>;
      setErrors((e) => ({ ...e, ...relevant }));
      focusFirst(relevant);
      return Object.keys(relevant).length === 0;
    },
    [validate, t, focusFirst],
  );

  /**
   * The form's submit: checks every field, then runs `onValid` with the checked values. A refusal
   * from the server that names fields lands next to them; any other goes to `onFailure` (a
   * message for above the form).
   */
  const handleSubmit =
    (onValid: (data: O) => Promise<void>, onFailure: (error: unknown) => void) =>
    async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      if (busy.current) return;
      busy.current = true;
      setSubmitted(true);
      setSubmitting(true);
      try {
        const { errors: found, data } = await validate(latest.current, t);
        setErrors(found);
        if (focusFirst(found) || data === undefined) return;
        await onValid(data);
      } catch (error) {
        // The server's refusal, or the checks that could not load (offline): said, never lost.
        const onFields = serverFieldErrors(t, error, fields);
        if (onFields) {
          setErrors((e) => ({ ...e, ...onFields }));
          focusFirst(onFields);
        } else onFailure(error);
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    };

  return { values, set, reset, bind, errors, isSubmitting, formRef, handleSubmit, check };
}
