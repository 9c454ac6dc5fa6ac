/** A stand-in for XMLHttpRequest in tests: records the request and lets the test drive progress and the answer. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  timeout = 0;
  responseType = '';
  status = 0;
  responseText = '';
  body: FormData | null = null;
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  static reset() {
    FakeXhr.instances = [];
  }

  static last(): FakeXhr {
    const last = FakeXhr.instances[FakeXhr.instances.length - 1];
    if (!last) throw new Error('no request sent');
    return last;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.instances.push(this);
  }

  abort() {
    this.aborted = true;
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  fail() {
    this.onerror?.();
  }
}
