#!/bin/sh
cd "$(dirname "$0")"
stratagem check-program 11_card_fallback_first.yaml --game ../crawl.yaml
stratagem render-program 11_card_fallback_first.yaml --game ../crawl.yaml | grep -n 'no step fits'
