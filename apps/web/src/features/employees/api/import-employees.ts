import type { EmployeeImportPreview, EmployeeImportResult } from '@smena/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile, fileUrl } from '../../../lib/download-file.ts';
import { uploadFile, type UploadProgress } from '../../../lib/upload-file.ts';
import {
  branchOptionsQueryOptions,
  departmentOptionsQueryOptions,
  positionOptionsQueryOptions,
} from './get-structure-options.ts';
import { employeesKeys } from './keys.ts';

export type ImportOptions = { createMissing: boolean; sendInvitations: boolean };

export type ImportRequest = {
  file: Blob;
  options: ImportOptions;
  onProgress?: (progress: UploadProgress) => void;
};

export const TEMPLATE_FILE_NAME = 'Шаблон импорта сотрудников.xlsx';

/** «Скачать шаблон»: the xlsx with the Russian headers the import reads. */
export function downloadImportTemplate(): Promise<void> {
  return downloadFile(fileUrl('/employees/import/template', {}), TEMPLATE_FILE_NAME);
}

function queryOf(options: ImportOptions) {
  return {
    createMissing: String(options.createMissing),
    sendInvitations: String(options.sendInvitations),
  };
}

/** Checks the file on the server: every row with its status and errors; writes nothing. */
export function previewEmployeeImport({
  file,
  options,
  onProgress,
}: ImportRequest): Promise<EmployeeImportPreview> {
  return uploadFile(fileUrl('/employees/import/preview', queryOf(options)), file, onProgress);
}

/** Imports the file in one transaction (422 with the rows' errors when any row is wrong). */
export function runEmployeeImport({
  file,
  options,
  onProgress,
}: ImportRequest): Promise<EmployeeImportResult> {
  return uploadFile(fileUrl('/employees/import', queryOf(options)), file, onProgress);
}

/** The drawer shows the preview's errors itself. */
export function usePreviewEmployeeImport() {
  return useMutation({ mutationFn: previewEmployeeImport, meta: { silentError: true } });
}

export function useRunEmployeeImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runEmployeeImport,
    meta: { silentError: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: employeesKeys.all }),
        // Missing branches, departments and positions may have been created.
        queryClient.invalidateQueries({ queryKey: branchOptionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: departmentOptionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: positionOptionsQueryOptions().queryKey }),
      ]),
  });
}

export function useDownloadImportTemplate() {
  return useMutation({ mutationFn: downloadImportTemplate });
}
