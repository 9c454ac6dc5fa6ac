import { createContext, useContext } from 'react';

/** Where the management frame wants the screen's AppHeader: above its <main> landmark (see management-area.tsx).
 *  Without a frame (component tests) the header renders in place. */
export const HeaderSlotContext = createContext<HTMLElement | null>(null);

export const useHeaderSlot = () => useContext(HeaderSlotContext);
