import { useState } from 'react';
import { saveFile } from '../../lib/save-file';
import { notifyError } from '../forms/notify';

/**
 * A staff list's "Download CSV" (roster, payments, audit trail; issue 10): `exportCsv` fetches the file with
 * `download` and saves it under the server's name; `exporting` while it runs; a failure shows `failure`.
 */
export function useCsvDownload(download: () => Promise<{ blob: Blob; fileName: string }>, failure: string) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await download();
      saveFile(blob, fileName);
    } catch {
      notifyError(failure);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
