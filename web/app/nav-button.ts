/** The header's ghost buttons on the navy bar. */
export const navButton = 'px-2 text-white hover:bg-white/10 sm:px-3';
