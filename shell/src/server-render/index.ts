// The shell's server build (render.js): the gateway calls renderPage for each page request.
// Async boundary, as in the browser: Module Federation negotiates the shared singletons (react,
// the router, shared-events) before any of them is evaluated.
import type { PageRenderRequest, RenderedPage } from './contract.ts';

export async function renderPage(request: PageRenderRequest): Promise<RenderedPage> {
  const { renderPage: render } = await import('./renderPage.tsx');
  return render(request);
}
