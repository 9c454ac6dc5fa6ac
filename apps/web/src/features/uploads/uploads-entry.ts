/**
 * The upload manager's one lazy entry (issue 15): the dock, its panel, the coverage section, the manager itself.
 * One entry rather than several keeps the chunks that `/` shares with the management screens as they were (each new
 * entry point re-splits the shared Mantine chunks, and every chunk is named in the entry `/` loads).
 */
export { uploadManager } from './manager-instance.ts';
export { openUploadPanel } from './panel-signal.ts';
export { UploadDock } from './upload-dock.tsx';
