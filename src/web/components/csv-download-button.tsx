/**
 * Saves a CSV made on click (so it is always the chart as shown at that moment) as a file download.
 */
export function CsvDownloadButton({ fileName, makeCsv }: { fileName: string; makeCsv: () => string }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([makeCsv()], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <button type="button" className="button" onClick={download}>
      Download CSV
    </button>
  );
}
