/** The RTA label: a meta tag and a `Rating` header on every answer, so parental filters recognise the site. */
export const RTA_LABEL = 'RTA-5042-1996-1400-1577-RTA';
