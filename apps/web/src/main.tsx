import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root') as HTMLElement).render(<h1>Windscope</h1>);
