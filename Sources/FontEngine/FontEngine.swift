// FontEngine
