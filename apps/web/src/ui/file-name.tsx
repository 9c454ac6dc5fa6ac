import { VisuallyHidden } from '@mantine/core';
import classes from './file-name.module.css';

/** Characters kept at the end of a long name: "DJI_2025…_0042_V.JPG" keeps the counter and the extension that tell
 *  photos of a card apart ("good_small.…" said nothing, issue 24 item 13). */
const TAIL = 10;

/**
 * A file's name on one line, whole when it fits, otherwise cut in the middle with an ellipsis; its title shows it whole
 * on hover (the browser's own tooltip: cheap in lists of a thousand), and assistive technology reads it whole (the two
 * visible parts are hidden from it).
 */
export function FileName({ name, className }: { name: string; className?: string }) {
  const cut = Math.max(0, name.length - TAIL);
  return (
    <span className={`${classes.name} ${className ?? ''}`} title={name}>
      <span className={classes.head} aria-hidden="true">
        {name.slice(0, cut)}
      </span>
      <span className={classes.tail} aria-hidden="true">
        {name.slice(cut)}
      </span>
      <VisuallyHidden>{name}</VisuallyHidden>
    </span>
  );
}
