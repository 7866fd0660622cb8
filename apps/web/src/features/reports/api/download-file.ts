// The export endpoints of the reports import these from here; the download itself is shared.
export { downloadFile, fileUrl } from '../../../lib/download-file.ts';
