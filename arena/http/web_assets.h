// The web pages, scripts and styles of web/, embedded at build time by
// embed_web.cmake (the binary serves them without reading files).
#ifndef WOODLAND_ARENA_HTTP_WEB_ASSETS_H_
#define WOODLAND_ARENA_HTTP_WEB_ASSETS_H_

#include <string_view>
#include <vector>

namespace woodland::arena::http {

struct WebAsset {
  std::string_view name;  // file name in web/, e.g. "replay.html"
  std::string_view text;
};
const std::vector<WebAsset>& WebAssets();

}  // namespace woodland::arena::http

#endif  // WOODLAND_ARENA_HTTP_WEB_ASSETS_H_
