// Async boundary: Module Federation must negotiate shared singletons (react, shared-events)
// before any of them is evaluated, so nothing is imported eagerly here.
import('./bootstrap');
