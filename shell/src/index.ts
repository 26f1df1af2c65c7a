// The design tokens and page basics load with the HTML (a small stylesheet), so the boot
// placeholder in index.html paints at once, before any JavaScript has run.
import './styles/tokens.css';
import './styles/global.css';

// Async boundary: Module Federation must negotiate shared singletons (react, shared-events)
// before any of them is evaluated, so nothing else is imported eagerly here.
void import('./bootstrap');
