# CPack settings for the Debian package (packaging/deb.sh builds it). Shared-library
# dependencies come from dpkg-shlibdeps, so they are the runtime packages the binary really
# links (libqt6widgets6, ...), never the -dev ones; the plugins Qt loads at run time are not
# linked and are named here.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME probebench)
set(CPACK_PACKAGE_VENDOR "The Probe Workbench developers")
set(CPACK_PACKAGE_CONTACT "The Probe Workbench developers <probebench@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "counterfactual bias probes on language models and LLM judges")
set(CPACK_PACKAGE_DESCRIPTION
    "A desktop workbench and headless command line for counterfactual bias probes:
matched pairs that differ in one attribute only, settings held fixed, a metric
chosen before running, every call logged, and results reported per item with a
sign-flip permutation p value, a same-versus-same noise check and the limits of
a null result. Runs on Ollama, OpenAI-style servers or a built-in stand-in model.")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/probebench/probe-workbench")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# qt6-qpa-plugins: the xcb and wayland platforms the window needs; libqt6sql6-sqlite: the
# driver the run store opens. (libqt6svg6, which also brings the SVG icon engine, is linked.)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, libqt6sql6-sqlite")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "hicolor-icon-theme, shared-mime-info, desktop-file-utils")
include(CPack)
