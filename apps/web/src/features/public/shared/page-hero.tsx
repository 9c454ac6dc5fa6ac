import type { ReactNode } from 'react';
import classes from './page-hero.module.css';

interface PageHeroProps {
  eyebrow: string;
  title: string;
  lead?: string;
  children?: ReactNode;
}

/** The banner at the top of every marketing page but home: eyebrow, the page's h1, a lead line. */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <section className={classes.hero}>
      <svg className={classes.art} viewBox="0 0 400 300" aria-hidden="true" focusable="false">
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M290 300 296 120h8l6 180" />
          <circle cx="300" cy="116" r="7" />
          <path d="M300 109c-3-30 0-62 4-92 4 30 2 62-4 92M306 120c26 15 54 33 78 52-28-10-56-26-78-52M294 120c-24 18-52 33-82 43 22-20 52-36 82-43" />
          <path d="M150 300 153 200h5l3 100" opacity="0.6" />
          <circle cx="155.5" cy="197" r="4.5" opacity="0.6" />
          <path
            d="M155 193c-2-20 0-40 3-58 2 19 1 39-3 58M160 199c17 9 34 21 50 33-18-7-35-17-50-33M151 200c-15 11-33 21-52 27 14-13 33-23 52-27"
            opacity="0.6"
          />
          <path d="M0 300c60-18 120-26 190-22s140 18 210 8" opacity="0.5" />
        </g>
      </svg>
      <div className={classes.inner}>
        <span className={classes.eyebrow}>{eyebrow}</span>
        <h1 className={classes.title}>{title}</h1>
        {lead && <p className={classes.lead}>{lead}</p>}
        {children}
      </div>
    </section>
  );
}
