/** Hands bytes to the browser as a download under the given name. */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL only after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Hands text to the browser as a download under the given name. */
export function saveTextFile(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(name, new Blob([text], { type }));
}
