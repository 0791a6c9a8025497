import type {
  DriveFile,
  FileBulkAnswer,
  FileBulkBody,
  FileDetails,
  FileLink,
  FileListAnswer,
  FileListQuery,
  FileUsage,
} from '@bo/contract/files-records';
import { FILES_API } from '@bo/contract/files-paths';

import { buildUrl, getHttpToken, queryOf, type HttpError } from '../../lib/http';
import { api } from '../../store/api';
import { saveBlob } from '../../lib/save-blob';

const clean = queryOf;

type One = { file: DriveFile };
type Details = { file: FileDetails };
export type Person = { id: string; name: string; email: string; avatarUrl: string | null };

const filesApi = api.enhanceEndpoints({ addTagTypes: ['File'] }).injectEndpoints({
  endpoints: (build) => ({
    files: build.query<FileListAnswer, FileListQuery>({
      query: (args) => ({ url: FILES_API.list, query: clean(args) }),
      providesTags: ['File'],
    }),
    file: build.query<Details, string>({
      query: (id) => FILES_API.one(id),
      providesTags: ['File'],
    }),
    fileUsage: build.query<{ usage: FileUsage }, void>({
      query: () => FILES_API.usage,
      providesTags: ['File'],
    }),
    sharePeople: build.query<{ people: Person[] }, string>({
      query: (q) => ({ url: FILES_API.people, query: { q } }),
    }),
    /** One action on several items, one request; the rows refused come back named. */
    bulkFiles: build.mutation<FileBulkAnswer, FileBulkBody>({
      query: (body) => ({ url: FILES_API.bulk, method: 'POST', body }),
      invalidatesTags: ['File'],
    }),
    createFolder: build.mutation<One, { name: string; folderId?: string | null }>({
      query: (body) => ({ url: FILES_API.folders, method: 'POST', body }),
      invalidatesTags: ['File'],
    }),
    updateFile: build.mutation<
      One,
      {
        id: string;
        body: { name?: string; folderId?: string | null; isFavorite?: boolean; tags?: string[] };
      }
    >({
      query: ({ id, body }) => ({ url: FILES_API.one(id), method: 'PATCH', body }),
      invalidatesTags: ['File'],
    }),
    copyFile: build.mutation<One, { id: string; folderId?: string | null }>({
      query: ({ id, folderId }) => ({
        url: FILES_API.copy(id),
        method: 'POST',
        body: { folderId },
      }),
      invalidatesTags: ['File'],
    }),
    trashFile: build.mutation<One, string>({
      query: (id) => ({ url: FILES_API.trash(id), method: 'POST' }),
      invalidatesTags: ['File'],
    }),
    restoreFile: build.mutation<One, string>({
      query: (id) => ({ url: FILES_API.restore(id), method: 'POST' }),
      invalidatesTags: ['File'],
    }),
    deleteFile: build.mutation<null, string>({
      query: (id) => ({ url: FILES_API.one(id), method: 'DELETE' }),
      invalidatesTags: ['File'],
    }),
    emptyTrash: build.mutation<{ deleted: number }, void>({
      query: () => ({ url: FILES_API.emptyTrash, method: 'POST' }),
      invalidatesTags: ['File'],
    }),
    shareFile: build.mutation<Details, { id: string; userId: string; access: 'view' | 'edit' }>({
      query: ({ id, ...body }) => ({ url: FILES_API.shares(id), method: 'POST', body }),
      invalidatesTags: ['File'],
    }),
    unshareFile: build.mutation<Details, { id: string; userId: string }>({
      query: ({ id, userId }) => ({ url: FILES_API.share(id, userId), method: 'DELETE' }),
      invalidatesTags: ['File'],
    }),
    createLink: build.mutation<
      { link: FileLink },
      { id: string; password?: string; expiresAt?: string }
    >({
      query: ({ id, ...body }) => ({ url: FILES_API.links(id), method: 'POST', body }),
      invalidatesTags: ['File'],
    }),
    revokeLink: build.mutation<null, { id: string; linkId: string }>({
      query: ({ id, linkId }) => ({ url: FILES_API.link(id, linkId), method: 'DELETE' }),
      invalidatesTags: ['File'],
    }),
  }),
});

export const {
  useFilesQuery,
  useFileQuery,
  useFileUsageQuery,
  useSharePeopleQuery,
  useBulkFilesMutation,
  useCreateFolderMutation,
  useUpdateFileMutation,
  useCopyFileMutation,
  useTrashFileMutation,
  useRestoreFileMutation,
  useDeleteFileMutation,
  useEmptyTrashMutation,
  useShareFileMutation,
  useUnshareFileMutation,
  useCreateLinkMutation,
  useRevokeLinkMutation,
} = filesApi;

/** Drops every cached list and details, e.g. after an upload or a realtime change. */
export const invalidateFiles = () => filesApi.util.invalidateTags(['File']);

/** Files above this go up resumably (tus), in pieces that survive a dropped connection. */
export const RESUMABLE_FROM = 8 * 1024 * 1024;

export type UploadProgress = (sent: number, total: number) => void;

function asHttpError(status: number, text: string): HttpError {
  try {
    const body = JSON.parse(text) as HttpError;
    return { ...body, status, message: body.message ?? 'Something went wrong' };
  } catch {
    return { status, message: 'Something went wrong' };
  }
}

/** One plain upload (multipart), with its progress. */
function uploadPlain(
  file: File,
  folderId: string | null,
  onProgress: UploadProgress,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(FILES_API.upload));
    const token = getHttpToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.total || file.size);
    xhr.onload = () =>
      xhr.status < 300 ? resolve() : reject(asHttpError(xhr.status, xhr.responseText));
    xhr.onerror = () => reject({ message: 'Something went wrong' } satisfies HttpError);
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    if (folderId) form.append('folderId', folderId);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** A big file through tus: resumes by itself after a dropped connection. */
async function uploadResumable(
  file: File,
  folderId: string | null,
  onProgress: UploadProgress,
  signal: AbortSignal,
): Promise<void> {
  const { Upload } = await import('tus-js-client');
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: buildUrl(FILES_API.tus),
      chunkSize: 16 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type, ...(folderId ? { folderId } : {}) },
      onBeforeRequest: (req) => {
        const token = getHttpToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: (sent, total) => onProgress(sent, total),
      onSuccess: () => resolve(),
      onError: (error) => {
        const res = (error as { originalResponse?: { getStatus(): number; getBody(): string } })
          .originalResponse;
        reject(
          res ? asHttpError(res.getStatus(), res.getBody()) : { message: 'Something went wrong' },
        );
      },
    });
    signal.addEventListener('abort', () => {
      void upload.abort(true);
      reject(new DOMException('aborted', 'AbortError'));
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}

export function uploadFile(
  file: File,
  folderId: string | null,
  onProgress: UploadProgress,
  signal: AbortSignal,
): Promise<void> {
  return file.size >= RESUMABLE_FROM
    ? uploadResumable(file, folderId, onProgress, signal)
    : uploadPlain(file, folderId, onProgress, signal);
}

/** Bytes fetched with the bearer header (previews of text and PDF, zips of a selection). */
export async function fetchBytes(path: string, body?: unknown): Promise<Blob> {
  const token = getHttpToken();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(buildUrl(path), {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => {
    throw { message: 'Something went wrong' } satisfies HttpError;
  });
  if (!response.ok) throw asHttpError(response.status, await response.text());
  return response.blob();
}

export async function downloadFile(file: DriveFile) {
  if (file.isFolder) return downloadZip([file.id], `${file.name}.zip`);
  saveBlob(await fetchBytes(`${FILES_API.content(file.id)}?download`), file.name);
}

export async function downloadZip(ids: string[], name = 'files.zip') {
  saveBlob(await fetchBytes(FILES_API.zip, { ids }), name);
}
