import type {
  ImportAnswer,
  ImportOptions,
  ImportPreviewAnswer,
  Import,
} from '@bo/contract/imports';

import { http } from '../../lib/http';
import { api } from '../../store/api';

/**
 * The four calls every list's import answers (people, products…): the list hands its own paths
 * (`USER_TRANSFER_API`, `PRODUCT_TRANSFER_API`), the calls are the same.
 */
export type ImportPaths = {
  imports: string;
  importOne: (id: string) => string;
  importPreview: (id: string) => string;
  importRun: (id: string) => string;
};

const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    importState: build.query<Import, string>({
      query: (url) => url,
      transformResponse: (answer: ImportAnswer) => answer.import,
    }),
    previewImport: build.mutation<
      ImportPreviewAnswer,
      { url: string; page: number; body: ImportOptions }
    >({
      query: ({ url, page, body }) => ({ url, method: 'POST', query: { page }, body }),
    }),
    runImport: build.mutation<Import, { url: string; body: ImportOptions }>({
      query: ({ url, body }) => ({ url, method: 'POST', body }),
      transformResponse: (answer: ImportAnswer) => answer.import,
    }),
  }),
});

export const { useImportStateQuery, usePreviewImportMutation, useRunImportMutation } = importsApi;

/** Uploads a CSV or XLSX to a list's import; answers its columns and suggested mapping. */
export async function uploadImport(paths: ImportPaths, file: File): Promise<Import> {
  const form = new FormData();
  form.append('file', file);
  const answer = await http<ImportAnswer>(paths.imports, { method: 'POST', body: form });
  return answer.import;
}
