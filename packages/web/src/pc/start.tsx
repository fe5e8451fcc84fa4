/** Starts the PC app: wires the request client to antd messages, loads the tenant, renders. */
import { message } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '../core/api.ts';
import { loadBootstrap } from '../core/bootstrap.ts';
import '../core/i18n.ts';
import { PcApp } from './App.tsx';
import './pc.css';

configureApi({ app: 'pc', notify: (text) => void message.error(text) });
void loadBootstrap('pc');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PcApp />
  </StrictMode>,
);
