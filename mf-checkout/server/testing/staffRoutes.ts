// The staff endpoints' table, for tests in other packages (tools/) that walk every staff route.
export { STAFF_ROUTES } from '../staff/routes.ts';
