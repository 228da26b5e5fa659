import { createContext } from 'react';

/**
 * Whether the home page under its loading screen shows yet (true outside the home page). A
 * carousel starts Embla only then, after the frame that shows the page: started under the
 * screen, where the page is not displayed, Embla measures every slide at 0 px and measures them
 * all again once they show, about 100 ms of a phone's main thread each time, the first of them
 * while the hero is due.
 */
export const HomePageShown = createContext(true);
