/// <reference lib="webworker" />
import exifr from 'exifr/dist/lite.esm.mjs';
import { factsFromExif } from './placement.ts';
import { sha256OfBlob } from './sha256-stream.ts';

/** The upload manager's worker: SHA-256 of a whole file (streamed) or the facts in its EXIF/XMP, off the main thread. */
export type AnalysisRequest = { id: number; kind: 'hash' | 'facts'; file: File };
export type AnalysisAnswer = { id: number; result?: unknown; error?: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<AnalysisRequest>) => {
  const { id, kind, file } = event.data;
  try {
    const result =
      kind === 'hash'
        ? await sha256OfBlob(file)
        : factsFromExif((await exifr.parse(file, { tiff: true, exif: true, gps: true, xmp: true, mergeOutput: true })) ?? null);
    scope.postMessage({ id, result } satisfies AnalysisAnswer);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies AnalysisAnswer);
  }
};
