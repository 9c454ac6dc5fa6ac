import type { ReactNode } from 'react';
import classes from './cta-band.module.css';

interface CtaBandProps {
  id: string;
  /** after a section with its own background: keep a gap above the band */
  spaced?: boolean;
  title: string;
  text: string;
  /** the action(s): links styled with `ctaBandAction` */
  children: ReactNode;
}

/** The closing call to action of a marketing page: a navy band with a title, a line and the action. */
export function CtaBand({ id, title, text, spaced = false, children }: CtaBandProps) {
  return (
    <section className={classes.wrap} data-spaced={spaced || undefined} aria-labelledby={id}>
      <div className={classes.band}>
        <div>
          <h2 id={id} className={classes.title}>
            {title}
          </h2>
          <p className={classes.text}>{text}</p>
        </div>
        <div className={classes.actions}>{children}</div>
      </div>
    </section>
  );
}

export const ctaBandAction = classes.action;
