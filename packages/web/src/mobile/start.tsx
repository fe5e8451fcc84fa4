/** Starts the mobile app: wires the request client to antd-mobile toasts, loads the tenant, renders. */
import { Toast, unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { configureApi } from '../core/api.ts';
import { loadBootstrap } from '../core/bootstrap.ts';
import '../core/i18n.ts';
import './i18n.ts';
import { MobileApp } from './App.tsx';
import './mobile.css';

// antd-mobile 5 renders toasts with the pre-19 ReactDOM.render; React 19 needs createRoot
// (antd-mobile's documented React 19 adapter).
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

configureApi({ app: 'mobile', notify: (text) => void Toast.show({ content: text, duration: 3000 }) });
void loadBootstrap('mobile');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MobileApp />
  </StrictMode>,
);
