/** The header's ghost buttons on the navy bar. */
export const navButton = 'text-white hover:bg-white/10';
