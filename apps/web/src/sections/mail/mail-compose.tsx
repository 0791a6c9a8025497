import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import CancelRounded from '@mui/icons-material/CancelRounded';
import CloseFullscreenRounded from '@mui/icons-material/CloseFullscreenRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import MinimizeRounded from '@mui/icons-material/MinimizeRounded';
import OpenInFullRounded from '@mui/icons-material/OpenInFullRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Portal from '@mui/material/Portal';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MailPerson } from '@bo/contract/mail';
import { MAIL_LIMITS } from '@bo/contract/mail-constants';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import {
  uploadMailAttachment,
  uploadMailImage,
  useCreateDraftMutation,
  useMailFormat,
  useMailPeopleQuery,
  useUpdateDraftMutation,
} from './mail-api';

const loadEditor = () => import('../../components/rich-text/rich-text-editor');
const RichTextEditor = lazy(() => loadEditor().then((m) => ({ default: m.RichTextEditor })));

/**
 * Fetches the editor ahead (the mailbox calls it once idle): a compose opened then has its text
 * field at once, so Tab from Subject lands in it rather than skipping a field still loading.
 */
export const preloadComposeEditor = () => void loadEditor().catch(() => undefined);

export type ComposeAttachment = { id: string; name: string; size: number };

/** What the compose window starts with (a reply's quote, a forward's attachments, a draft…). */
export type ComposeInitial = {
  draftId?: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  message: string;
  attachments: ComposeAttachment[];
  inReplyTo?: string | null;
};

export type ComposeResult = ComposeInitial;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Props = {
  initial: ComposeInitial;
  /** Closed; `kept` when a draft was written and is saved. */
  onClose: (kept: boolean) => void;
  /** Send (after the undo delay, handled by the caller). */
  onSend: (result: ComposeResult) => void;
  onDiscard: (draftId: string | undefined) => void;
};

/**
 * The compose window: docked at the bottom corner, minimised to a bar or full screen. Addresses
 * with colleagues suggested, rich text, attachments by button or drag and drop; the draft is
 * saved by itself a moment after each change.
 */
export function MailCompose({ initial, onClose, onSend, onDiscard }: Props) {
  const { t } = useTranslation();
  const format = useMailFormat();
  const [state, setState] = useState<ComposeInitial>(initial);
  const [showCc, setShowCc] = useState(initial.cc.length > 0 || initial.bcc.length > 0);
  const [mode, setMode] = useState<'docked' | 'minimised' | 'full'>('docked');
  const [uploading, setUploading] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dragging, setDragging] = useState(false);
  /** The autosave's last outcome, said next to Send: saved, or why not. */
  const [draftStatus, setDraftStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const draftId = useRef(initial.draftId);
  const [createDraft] = useCreateDraftMutation();
  const [updateDraft] = useUpdateDraftMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const toField = useRef<HTMLInputElement>(null);

  // Saves run one after another, so a first save finishes (and names the draft) before the next.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const saved = useRef(JSON.stringify(initial));
  const persist = (snapshot: ComposeInitial) => {
    const text = JSON.stringify(snapshot);
    if (text === saved.current) return;
    saved.current = text;
    const body = {
      to: snapshot.to,
      cc: snapshot.cc,
      bcc: snapshot.bcc,
      subject: snapshot.subject,
      message: snapshot.message,
      attachmentIds: snapshot.attachments.map((a) => a.id),
    };
    saving.current = saving.current.then(() =>
      (draftId.current
        ? updateDraft({ id: draftId.current, body }).unwrap()
        : createDraft({ ...body, inReplyTo: snapshot.inReplyTo ?? null }).unwrap()
      ).then(
        (answer) => {
          draftId.current = answer.mail.id;
          setDraftStatus({ ok: true, text: t('mail.compose.draftSaved') });
        },
        (error: unknown) => {
          // Not savable yet (an address still being typed): saved on the next change, and said.
          saved.current = '';
          const bad = [...snapshot.to, ...snapshot.cc, ...snapshot.bcc].find((a) => !EMAIL.test(a));
          setDraftStatus({
            ok: false,
            text: t('mail.compose.draftNotSaved', {
              reason: bad
                ? t('mail.compose.badAddress', { address: bad })
                : translateError(t, error),
            }),
          });
        },
      ),
    );
  };
  const hasContent = (c: ComposeInitial) =>
    c.to.length + c.cc.length + c.bcc.length + c.attachments.length > 0 ||
    !!c.subject ||
    !!c.message;

  // Autosave: a moment after the last change, once there is something to keep.
  const debounced = useDebouncedValue(state, 1500);
  useEffect(() => {
    if (hasContent(debounced)) persist(debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const change = (patch: Partial<ComposeInitial>) => {
    setState((s) => ({ ...s, ...patch }));
    setErrors({});
  };

  const attach = async (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      if (state.attachments.length >= MAIL_LIMITS.attachments) break;
      setUploading((n) => n + 1);
      try {
        const uploaded = await uploadMailAttachment(file);
        setState((s) => ({
          ...s,
          attachments: [...s.attachments, { id: uploaded.id, name: file.name, size: file.size }],
        }));
      } catch (error) {
        notify.error(`${file.name}: ${translateError(t, error)}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const send = () => {
    const bad = [...state.to, ...state.cc, ...state.bcc].find((a) => !EMAIL.test(a));
    if (!state.to.length && !state.cc.length && !state.bcc.length) {
      setErrors({ to: t('mail.compose.recipientRequired') });
      toField.current?.focus();
      return;
    }
    if (bad) {
      setErrors({ to: t('mail.compose.badAddress', { address: bad }) });
      toField.current?.focus();
      return;
    }
    // After a save in flight, so the draft it created is the one the send replaces.
    const snapshot = state;
    void saving.current.then(() => onSend({ ...snapshot, draftId: draftId.current }));
  };

  const title = state.subject || t('mail.compose.newMessage');
  const close = () => {
    const written = hasContent(state);
    if (written) persist(state);
    onClose(written);
  };
  const full = mode === 'full';

  return (
    <Portal>
      <Paper
        role="dialog"
        aria-label={title}
        aria-modal={full}
        elevation={12}
        data-testid="mail-compose"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            close();
          }
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
        }}
        sx={{
          position: 'fixed',
          zIndex: (theme) => theme.zIndex.modal,
          insetInlineEnd: full ? { xs: 0, md: 40 } : { xs: 0, sm: 24 },
          bottom: full ? { xs: 0, md: 40 } : 0,
          top: full ? { xs: 0, md: 40 } : 'auto',
          insetInlineStart: full ? { xs: 0, md: 40 } : { xs: 0, sm: 'auto' },
          width: full ? 'auto' : { xs: 1, sm: 560 },
          maxHeight: full ? 'none' : { xs: '100%', sm: 'calc(100vh - 80px)' },
          display: 'flex',
          flexDirection: 'column',
          borderRadius: full ? 2 : '12px 12px 0 0',
          overflow: 'hidden',
        }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', bgcolor: 'background.neutral', px: 2, py: 1, gap: 0.5 }}
        >
          <Typography variant="subtitle2" noWrap sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <Tooltip
            title={mode === 'minimised' ? t('mail.compose.restore') : t('mail.compose.minimise')}
          >
            <IconButton
              size="small"
              aria-label={
                mode === 'minimised' ? t('mail.compose.restore') : t('mail.compose.minimise')
              }
              onClick={() => setMode(mode === 'minimised' ? 'docked' : 'minimised')}
            >
              <MinimizeRounded fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={full ? t('mail.compose.exitFull') : t('mail.compose.full')}>
            <IconButton
              size="small"
              aria-label={full ? t('mail.compose.exitFull') : t('mail.compose.full')}
              onClick={() => setMode(full ? 'docked' : 'full')}
            >
              {full ? (
                <CloseFullscreenRounded fontSize="small" />
              ) : (
                <OpenInFullRounded fontSize="small" />
              )}
            </IconButton>
          </Tooltip>
          <Tooltip title={t('mail.compose.close')}>
            <IconButton size="small" aria-label={t('mail.compose.close')} onClick={close}>
              <CloseRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        {mode !== 'minimised' && (
          <Box
            sx={{
              display: 'flex',
              flexDirection: 'column',
              flexGrow: 1,
              minHeight: 0,
              position: 'relative',
            }}
            onDragOver={(e) => {
              if (e.dataTransfer.types.includes('Files')) {
                e.preventDefault();
                setDragging(true);
              }
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              if (!e.dataTransfer.files.length) return;
              e.preventDefault();
              setDragging(false);
              void attach(e.dataTransfer.files);
            }}
          >
            {dragging && (
              <Box
                sx={{
                  position: 'absolute',
                  inset: 8,
                  zIndex: 2,
                  border: '2px dashed',
                  borderColor: 'primary.main',
                  borderRadius: 2,
                  bgcolor: 'background.paper',
                  opacity: 0.95,
                  display: 'grid',
                  placeItems: 'center',
                  pointerEvents: 'none',
                }}
              >
                <Typography variant="h6">{t('mail.compose.dropHere')}</Typography>
              </Box>
            )}
            <Box sx={{ overflowY: 'auto', flexGrow: 1, minHeight: 0 }}>
              <Stack spacing={1} sx={{ px: 2, pt: 1.5 }}>
                <AddressField
                  label={t('mail.compose.to')}
                  value={state.to}
                  onChange={(to) => change({ to })}
                  error={errors.to}
                  inputRef={toField}
                  autoFocus={!initial.to.length}
                  end={
                    !showCc && (
                      <Button size="small" onClick={() => setShowCc(true)} sx={{ minWidth: 0 }}>
                        {t('mail.compose.ccBcc')}
                      </Button>
                    )
                  }
                />
                {showCc && (
                  <>
                    <AddressField
                      label={t('mail.compose.cc')}
                      value={state.cc}
                      onChange={(cc) => change({ cc })}
                    />
                    <AddressField
                      label={t('mail.compose.bcc')}
                      value={state.bcc}
                      onChange={(bcc) => change({ bcc })}
                    />
                  </>
                )}
                <TextField
                  variant="standard"
                  label={t('mail.compose.subject')}
                  value={state.subject}
                  onChange={(e) => change({ subject: e.target.value })}
                  slotProps={{ htmlInput: { maxLength: MAIL_LIMITS.subject } }}
                  autoFocus={initial.to.length > 0 && !initial.subject}
                />
              </Stack>
              <Box sx={{ p: 2 }}>
                <Suspense fallback={<Box sx={{ height: 200 }} aria-busy="true" />}>
                  <RichTextEditor
                    value={state.message}
                    onChange={(message) => change({ message })}
                    label={t('mail.compose.message')}
                    textsPrefix="mail.editor"
                    uploadImage={uploadMailImage}
                    minHeight={full ? 360 : 180}
                    toolbarByKey
                    autoFocus={initial.to.length > 0 && !!initial.subject}
                  />
                </Suspense>
                {(state.attachments.length > 0 || uploading > 0) && (
                  <Stack
                    direction="row"
                    sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}
                    aria-label={t('mail.compose.attachments')}
                  >
                    {state.attachments.map((a) => (
                      <Chip
                        key={a.id}
                        icon={<AttachFileRounded />}
                        label={`${a.name} (${format.bytes(a.size)})`}
                        onDelete={() =>
                          change({ attachments: state.attachments.filter((x) => x.id !== a.id) })
                        }
                        deleteIcon={
                          <CancelRounded
                            titleAccess={t('mail.compose.removeAttachment', { name: a.name })}
                          />
                        }
                      />
                    ))}
                    {uploading > 0 && (
                      <Chip label={t('mail.compose.uploading')} variant="outlined" />
                    )}
                  </Stack>
                )}
              </Box>
            </Box>
            <Stack
              direction="row"
              spacing={1}
              sx={{ px: 2, py: 1.5, alignItems: 'center', borderTop: 1, borderColor: 'divider' }}
            >
              <Button
                variant="contained"
                onClick={send}
                disabled={uploading > 0}
                data-testid="mail-send"
              >
                {t('common.send')}
              </Button>
              <Tooltip title={t('mail.compose.attach')}>
                <IconButton
                  aria-label={t('mail.compose.attach')}
                  onClick={() => fileInput.current?.click()}
                >
                  <AttachFileRounded />
                </IconButton>
              </Tooltip>
              <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                data-testid="mail-attach-input"
                aria-label={t('mail.compose.attach')}
                onChange={(e) => {
                  const files = e.target.files;
                  if (files?.length) void attach([...files]);
                  e.target.value = '';
                }}
              />
              <Typography
                role="status"
                variant="caption"
                data-testid="mail-draft-status"
                sx={{
                  flexGrow: 1,
                  minWidth: 0,
                  color: draftStatus && !draftStatus.ok ? 'error.main' : 'text.secondary',
                }}
              >
                {draftStatus?.text}
              </Typography>
              <Tooltip title={t('mail.compose.discard')}>
                <IconButton
                  aria-label={t('mail.compose.discard')}
                  onClick={() => onDiscard(draftId.current)}
                >
                  <DeleteOutlineRounded />
                </IconButton>
              </Tooltip>
            </Stack>
          </Box>
        )}
      </Paper>
    </Portal>
  );
}

/** A suggestion's identity: its address, or its name and picture where the address is private. */
const personKey = (p: MailPerson) => p.email || `~${p.name}|${p.avatar ?? ''}`;

/** To, cc or bcc: addresses as chips, colleagues suggested as one types. */
function AddressField({
  label,
  value,
  onChange,
  error,
  inputRef,
  autoFocus,
  end,
}: {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  autoFocus?: boolean;
  end?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), 200);
  const { data } = useMailPeopleQuery(query, { skip: query.length < 1 });
  // A colleague whose profile keeps their address private comes without it (empty email): shown
  // by name, not offered to pick. Such entries are told apart by name and picture only.
  const options: MailPerson[] = [
    ...new Map((data?.people ?? []).map((p) => [personKey(p), p])).values(),
  ];
  const commit = (raw: string) => {
    const parts = raw
      .split(/[\s,;]+/)
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean);
    if (parts.length) onChange([...new Set([...value, ...parts])]);
    setInput('');
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-end', gap: 1 }}>
      <Autocomplete<MailPerson | string, true, false, true>
        multiple
        freeSolo
        // Enter takes the highlighted suggestion; typing on past them keeps a free address.
        autoHighlight
        fullWidth
        filterSelectedOptions
        options={options}
        value={value}
        inputValue={input}
        filterOptions={(x) => x}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.email || o.name)}
        getOptionKey={(o) => (typeof o === 'string' ? o : personKey(o))}
        getOptionDisabled={(o) => typeof o !== 'string' && !o.email}
        isOptionEqualToValue={(o, v) =>
          (typeof o === 'string' ? o : o.email) === (typeof v === 'string' ? v : v.email)
        }
        onInputChange={(_e, next, reason) => {
          if (reason === 'reset') return;
          if (/[,;\s]$/.test(next)) commit(next);
          else setInput(next);
        }}
        onChange={(_e, next) => {
          onChange(
            [
              ...new Set(
                next.map((o) => (typeof o === 'string' ? o.trim().toLowerCase() : o.email)),
              ),
            ].filter(Boolean),
          );
          setInput('');
        }}
        onBlur={() => input.trim() && commit(input)}
        renderOption={(props, option) => {
          const person = option as MailPerson;
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box
              component="li"
              key={key}
              {...rest}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}
            >
              <Avatar src={person.avatar ?? undefined} alt="" sx={{ width: 28, height: 28 }} />
              <Box>
                <Typography variant="body2">{person.name}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {person.email || t('mail.compose.addressHidden')}
                </Typography>
              </Box>
            </Box>
          );
        }}
        renderValue={(selected, getItemProps) =>
          selected.map((o, index) => {
            const email = typeof o === 'string' ? o : o.email;
            const { key, ...itemProps } = getItemProps({ index });
            return (
              <Chip
                key={key}
                size="small"
                label={email}
                color={EMAIL.test(email) ? 'default' : 'error'}
                {...itemProps}
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            variant="standard"
            label={label}
            error={!!error}
            helperText={error}
            inputRef={inputRef}
            autoFocus={autoFocus}
            placeholder={value.length ? undefined : t('mail.compose.addressHint')}
          />
        )}
      />
      {end}
    </Stack>
  );
}
