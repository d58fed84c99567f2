/**
 * Every public page, each with the level-1 heading that proves its content is there, for the
 * browser's clean-page checks and the server-rendered content checks alike (ADR 078). The home page
 * greets a signed-in person instead of showing the hero.
 */
export function publicPages(
  coach: { path: string; name: string },
  player: { id: string; name: string },
) {
  return [
    { path: '/', heading: /Ask\. Answer\. Win\.|Welcome/ },
    { path: '/coaches', heading: 'Find Your Coach' },
    { path: coach.path, heading: coach.name },
    { path: `/profile/${player.id}`, heading: player.name },
    { path: '/about', heading: "It's game time." },
    { path: '/contact', heading: 'Contact' },
    { path: '/terms', heading: 'Terms of Service' },
    { path: '/privacy', heading: 'Privacy Policy' },
    { path: '/revenue', heading: 'Revenue Agreement' },
    { path: '/no/such/page-26', heading: 'Oops! Page not found' },
  ];
}
