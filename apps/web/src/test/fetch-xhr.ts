/**
 * XMLHttpRequest for component tests, sent through `globalThis.fetch` (which the tests fake): the
 * uploads go with XHR to count their bytes, and tests see them among the fetch calls like every other
 * request. The body's progress is reported at half and at the end, as a browser reports it on the way.
 */
type Handler = ((event: ProgressEvent) => void) | null;

class FetchBackedUpload {
  onprogress: Handler = null;
}

export class FetchBackedXhr {
  readonly upload = new FetchBackedUpload();
  status = 0;
  statusText = '';
  responseText = '';
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  abort() {
    this.controller.abort();
  }

  send(body?: string) {
    const total = body?.length ?? 0;
    const progress = (loaded: number) => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    void (async () => {
      try {
        progress(Math.floor(total / 2));
        const response = await fetch(this.url, { method: this.method, headers: this.headers, body, signal: this.controller.signal });
        progress(total);
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseText = await response.text();
        this.onload?.({} as ProgressEvent);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') this.onabort?.({} as ProgressEvent);
        else this.onerror?.({} as ProgressEvent);
      }
    })();
  }
}
