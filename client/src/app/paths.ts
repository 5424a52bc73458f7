/** Every client route in one place (spec §2): written in common/, where the server reads it too. */
export { paths, routePatterns } from '@bazaar/common/site-paths';
