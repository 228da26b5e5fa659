/** The shop's name as shown in the interface. */
export const APP_NAME = 'Otaku Shelf';
