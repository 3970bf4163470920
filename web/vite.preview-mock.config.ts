import base from './vite.config';
export default { ...base, server: { port: 5199, proxy: { '/api': 'http://localhost:3999' } } };
