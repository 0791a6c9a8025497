/* global document, window */
// Runs before any CSS or JS bundle: paint the saved mode's background and direction at once,
// so a dark-mode or right-to-left reload never flashes the light, left-to-right page first.
(function () {
  try {
    var read = function (name) {
      var m = document.cookie.match(new RegExp('(?:^|; )' + name + '=([^;]*)'));
      return m ? decodeURIComponent(m[1]) : null;
    };
    var mode = read('themeMode');
    var dir = read('themeDirection');
    var root = document.documentElement;
    if (mode === 'dark') {
      root.style.backgroundColor = '#141A21';
      root.style.colorScheme = 'dark';
    }
    if (dir === 'rtl' || dir === 'ltr') root.setAttribute('dir', dir);
    var lng = window.localStorage.getItem('i18nextLng');
    if (lng) root.setAttribute('lang', lng === 'cn' ? 'zh-CN' : lng);
  } catch {
    /* cookies or storage blocked: the app still applies the defaults once it starts */
  }
})();
