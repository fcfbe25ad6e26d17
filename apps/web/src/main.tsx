import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startEarlyCampaigns } from './app/early-campaigns';

// Before React renders: the page's first request runs beside its code's download.
startEarlyCampaigns(window.location);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
