import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { DriveFile } from '@bo/contract/files-records';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FileIcon, previewKind, useFileFormat } from './file-format';
import { downloadFile, fetchBytes } from './files-api';

const TEXT_LIMIT = 512 * 1024;
const PDF_PAGES = 30;

/** A PDF drawn page by page with pdf.js (its own chunk): the file never runs in the page. */
function PdfPages({ file }: { file: DriveFile }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [pages, setPages] = useState(0);

  useEffect(() => {
    let live = true;
    const host = box.current;
    (async () => {
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const data = new Uint8Array(await (await fetchBytes(file.url!)).arrayBuffer());
      const doc = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
      if (!live || !host) return;
      setPages(doc.numPages);
      host.replaceChildren();
      for (let n = 1; n <= Math.min(doc.numPages, PDF_PAGES) && live; n++) {
        const page = await doc.getPage(n);
        const viewport = page.getViewport({ scale: 1.4 });
        const canvas = document.createElement('canvas');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', t('files.viewer.page', { n, total: doc.numPages }));
        canvas.style.maxWidth = '100%';
        canvas.style.background = '#fff';
        canvas.style.boxShadow = '0 1px 4px rgba(0,0,0,0.2)';
        host.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
        if (n === 1) setState('ready');
      }
      await doc.destroy();
    })().catch(() => live && setState('error'));
    return () => {
      live = false;
    };
  }, [file.url, t]);

  return (
    <Box>
      {state === 'loading' && <CircularProgress aria-label={t('files.viewer.loading')} />}
      {state === 'error' && <Alert severity="warning">{t('files.viewer.failed')}</Alert>}
      <Stack ref={box} spacing={2} alignItems="center" data-testid="pdf-pages" />
      {pages > PDF_PAGES && (
        <Typography variant="caption" sx={{ color: 'text.secondary', mt: 2, display: 'block' }}>
          {t('files.viewer.morePages', { n: PDF_PAGES, total: pages })}
        </Typography>
      )}
    </Box>
  );
}

function TextPreview({ file }: { file: DriveFile }) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetchBytes(file.url!)
      .then((blob) => blob.slice(0, TEXT_LIMIT).text())
      .then((value) => live && setText(value))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [file.url]);
  if (failed) return <Alert severity="warning">{t('files.viewer.failed')}</Alert>;
  if (text === null) return <CircularProgress aria-label={t('files.viewer.loading')} />;
  return (
    <Box
      component="pre"
      dir="auto"
      tabIndex={0}
      sx={{
        m: 0,
        p: 2,
        width: 1,
        maxHeight: '70vh',
        overflow: 'auto',
        bgcolor: 'background.neutral',
        borderRadius: 1,
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        textAlign: 'start',
      }}
    >
      {text}
    </Box>
  );
}

type Props = {
  file: DriveFile;
  /** The files of the list on screen, to go to the previous and next one. */
  siblings: DriveFile[];
  onNavigate: (file: DriveFile) => void;
  onClose: () => void;
};

/** Previews images, video, audio, PDF and text; anything else offers the download. */
export function FileViewer({ file, siblings, onNavigate, onClose }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const f = useFileFormat();
  const kind = previewKind(file);
  const files = siblings.filter((s) => !s.isFolder);
  const at = files.findIndex((s) => s.id === file.id);
  const prev = at > 0 ? files[at - 1] : undefined;
  const next = at >= 0 && at < files.length - 1 ? files[at + 1] : undefined;
  const rtl = theme.direction === 'rtl';

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      maxWidth="lg"
      fullWidth
      aria-labelledby="file-viewer-title"
      onKeyDown={(e) => {
        const back = rtl ? 'ArrowRight' : 'ArrowLeft';
        const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
        if (e.key === back && prev) onNavigate(prev);
        if (e.key === forward && next) onNavigate(next);
      }}
    >
      <Stack
        direction="row"
        alignItems="center"
        spacing={1}
        sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <FileIcon file={file} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="file-viewer-title" variant="subtitle1" noWrap dir="auto">
            {file.name}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {f.bytes(file.size)} · {f.date(file.updatedAt)}
          </Typography>
        </Box>
        <Tooltip title={t('files.actions.previous')}>
          <span>
            <IconButton
              aria-label={t('files.actions.previous')}
              disabled={!prev}
              onClick={() => prev && onNavigate(prev)}
            >
              {rtl ? <ChevronRightRounded /> : <ChevronLeftRounded />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('files.actions.next')}>
          <span>
            <IconButton
              aria-label={t('files.actions.next')}
              disabled={!next}
              onClick={() => next && onNavigate(next)}
            >
              {rtl ? <ChevronLeftRounded /> : <ChevronRightRounded />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('files.actions.download')}>
          <IconButton
            aria-label={t('files.actions.download')}
            onClick={() => void downloadFile(file)}
          >
            <DownloadRounded />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('common.close')}>
          <IconButton aria-label={t('common.close')} onClick={onClose}>
            <CloseRounded />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        sx={{
          p: { xs: 1, sm: 3 },
          minHeight: 240,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'background.default',
          overflow: 'auto',
        }}
      >
        {kind === 'image' && (
          <Box
            component="img"
            src={file.url!}
            alt={file.name}
            data-testid="preview-image"
            sx={{ maxWidth: 1, maxHeight: '75vh', objectFit: 'contain' }}
          />
        )}
        {kind === 'video' && (
          <Box
            component="video"
            src={file.url!}
            controls
            sx={{ maxWidth: 1, maxHeight: '75vh' }}
            aria-label={file.name}
          />
        )}
        {kind === 'audio' && (
          <Box component="audio" src={file.url!} controls aria-label={file.name} />
        )}
        {kind === 'pdf' && <PdfPages key={file.id} file={file} />}
        {kind === 'text' && <TextPreview key={file.id} file={file} />}
        {kind === null && (
          <Stack alignItems="center" spacing={2}>
            <FileIcon file={file} sx={{ fontSize: 64 }} />
            <Typography sx={{ color: 'text.secondary' }}>{t('files.viewer.none')}</Typography>
            <Button
              variant="contained"
              startIcon={<DownloadRounded />}
              onClick={() => void downloadFile(file)}
            >
              {t('files.actions.download')}
            </Button>
          </Stack>
        )}
      </Box>
    </Dialog>
  );
}
