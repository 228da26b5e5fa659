/** The shop's name as shown in the interface (the document titles' too: @otaku/shared). */
export { SHOP_NAME as APP_NAME } from '@otaku/shared';
